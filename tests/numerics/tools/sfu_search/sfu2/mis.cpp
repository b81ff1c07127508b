#include "interp2.hpp"
#include <string>
int main(int argc,char**argv){
  auto rows=load_nn(); int N=rows.size(); FitCache fc; Hyp hr{7,0,26,16,10,1,2}, hs{7,0,26,16,10,1,2};
  Tab R=mktab(hr,fc.get(0,7,0,Rf,Rd1,Rd2,1,1),1); Tab Sl=mktab(hs,fc.get(1,7,0,Sf,Sd1,Sd2,1,1),1), Sh=mktab(hs,fc.get(1,7,0,Sf,Sd1,Sd2,2,2),2); Det d0;
  int vv=argc>1?atoi(argv[1]):4;
  for(int t=0;t<N;++t){ uint32_t s=svar(rows[t],vv/5,vv%5); uint32_t q=rsq_d(Sl,Sh,d0,s); uint32_t r=rcp_d(R,d0,q); if(r==rows[t].g) continue;
    int fixv=0; for(int v=0;v<12;++v) if(rcp_d(R,d0,rsq_d(Sl,Sh,d0,svar(rows[t],v/4,v%4)))==rows[t].g) fixv|=1<<v;
    std::string ks; for(int k=-4;k<=4;++k) if(rcp_d(R,d0,q+k)==rows[t].g) ks+=std::to_string(k)+",";
    LD qe=1/sqrtl((LD)fl(s)); LD ulp=ldexpl(1,(int)((q>>23)&255)-150);
    int es=(int)((s>>23)&255)-127;
    printf("t=%4d s=%08X e%%2=%d sidx=%3d sxl=%5d q=%08X qerr=%+.2f ridx=%3d  got=%08X g=%08X d=%+d fixv=%03x qk={%s}\n",t,s,es&1,(int)((s&0x7fffff)>>16),(int)(s&0xffff),q,(double)((fl(q)-qe)/ulp),(int)((q&0x7fffff)>>16),r,rows[t].g,(int)(rows[t].g-r),fixv,ks.c_str());
  }}
