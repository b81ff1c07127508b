#include "h_common.hpp"
#include <functional>
#include <array>
using LD=long double; using Fn=std::function<LD(LD)>; struct Quad{LD c0,c1,c2;};
#include "remez.inc"
struct T{std::vector<int64_t> c0,c1,c2;};
static int64_t qz(LD v,int k,int qm){LD x=ldexpl(v,k); return (int64_t)(qm==0?truncl(x):qm==1?floorl(x):floorl(x+0.5L));}
// mode 0: left-based; 1: mirrored with ones' complement xl (t' = h - 2^-23 - t); 2: mirrored two's complement (t' = h - t)
static T mk(Fn f,int m,LD first,LD width,QuadGrid g,int mode,int qm){ T t; int n=1<<m; LD h=width/n; LD lsb=width*ldexpl(1,-23);
  for(int i=0;i<n;i++){ LD a=first+i*h; Quad q;
    if(mode==0) q=remez(f,a,h);
    else { LD top = mode==1? a+h-lsb : a+h; q=remez([&](LD x){ return f(top-(x-a)); },a,h); }
    t.c0.push_back(qz(q.c0,g.c0_frac,qm)); t.c1.push_back(qz(q.c1*width,g.c1_frac,qm)); t.c2.push_back(qz(q.c2*width*width,g.c2_frac,qm)); } return t;}
static i128 evc(const T& t,int idx,QuadGrid g,uint32_t f,int mode){ int64_t xl=f&0xffff; if(mode==1) xl=0xffff-xl; else if(mode==2) xl=0x10000-xl;
  return ((i128)t.c0[idx]<<(KS-g.c0_frac)) + (((i128)t.c1[idx]*xl)<<(KS-g.c1_frac-23)) + (((i128)t.c2[idx]*xl*xl)<<(KS-g.c2_frac-46));}
int main(){ auto rows=load();
 for(int qm=0;qm<2;qm++) for(int cr=0;cr<3;cr++) for(int cs=0;cs<3;cs++){
  T R=mk([](LD x){return 1/x;},7,1,1,kRcpGrid,cr,qm);
  T S1=mk([](LD x){return 1/sqrtl(x);},7,1,1,kRsqGrid,cs,qm), S2=mk([](LD x){return 1/sqrtl(x);},7,2,2,kRsqGrid,cs,qm);
  int c=0; for(auto&r:rows){ int e=(int)((r.s>>23)&255)-127; int odd=e&1; uint32_t f=r.s&0x7fffff;
    uint32_t q=packv(evc(odd?S2:S1,f>>16,kRsqGrid,f,cs),-KS-((e-odd)/2),2);
    int eq=(int)((q>>23)&255)-127; uint32_t qf=q&0x7fffff; uint32_t o=packv(evc(R,qf>>16,kRcpGrid,qf,cr),-KS-eq,2); c+=o==r.g;}
  printf("qm %d rcp mode %d rsq mode %d: %d\n",qm,cr,cs,c);}
}
