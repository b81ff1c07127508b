#include "h_common.hpp"
int main(){ auto rows=load(); V d;
 for(size_t t=0;t<rows.size();++t){auto&r=rows[t]; uint32_t q=rsqv(r.s,d); uint32_t o=rcpv(q,d); if(o==r.g) continue;
  std::string ks; for(int k=-3;k<=3;++k) if(rcpv(q+k,d)==r.g) ks+=std::to_string(k)+",";
  long double qe=1/sqrtl((long double)fl(r.s)); long double ulpq=ldexpl(1,(int)((q>>23)&255)-150);
  // RCP value detail: S position relative to rounding boundary
  int e=(int)((q>>23)&255)-127; uint32_t f=q&0x7fffff; i128 S=evalS(kRcpRom,f>>16,kRcpGrid,7,f,d);
  long double Sv=ldexpl((long double)S,-KS); long double ex=1.0L/(1.0L+ldexpl(f,-23));
  int es=(int)((r.s>>23)&255)-127;
  printf("t=%4zu s=%08X odd=%d sidx=%3d sxl=%5u q=%08X qerr=%+.3f qf=%06X ridx=%3d rxl=%5u got=%08X g=%08X d=%+d qk={%s} Serr=%+.3f(2^-26) rfrac=%.3f\n",t,r.s,es&1,(r.s&0x7fffff)>>16,r.s&0xffff,q,(double)((fl(q)-qe)/ulpq),f,f>>16,f&0xffff,o,r.g,(int)(r.g-o),ks.c_str(),(double)ldexpl(Sv-ex,26), (double)(ldexpl(Sv,(Sv<1?25:24))-floorl(ldexpl(Sv,(Sv<1?25:24)))) );}
}
